import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { Field } from '../../components/ui/field.js';
import { errorMessage } from '../../lib/api.js';
import { cn } from '../../lib/cn.js';
import { uploadPicture } from '../../lib/upload.js';

/** As the server takes it (deliveredInputSchema). */
const RECEIVED_BY_MAX = 100;

type Problems = Partial<Record<'photo' | 'receivedBy', string>>;

/** What is missing before the proof can be sent. */
function check(photo: File | null, receivedBy: string): Problems {
  return {
    ...(photo ? {} : { photo: 'Take a photo of the gift at the door' }),
    ...(receivedBy.trim() ? {} : { receivedBy: 'Write the name of the person who took it' }),
  };
}

/** A picture chosen in the form, shown as the browser holds it until it is uploaded. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/**
 * 'Delivered' needs proof: a photo of the gift at the door (the phone's camera opens, the back
 * one) and who took it. The photo is uploaded first, then the delivery is recorded with it; the
 * buyer sees both on their order page.
 */
export function DeliveredForm({
  orderNumber,
  pending,
  onDeliver,
  onCancel,
}: {
  orderNumber: string;
  /** The delivery is being recorded. */
  pending: boolean;
  /** Records it; answers the server's refusal in words, or null once delivered. */
  onDeliver: (proof: { photo: string; receivedBy: string }) => Promise<string | null>;
  onCancel: () => void;
}) {
  const [photo, setPhoto] = useState<File | null>(null);
  const [receivedBy, setReceivedBy] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const preview = usePreview(photo);
  const photoInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const photoId = `${id}-photo`;
  const photoErrorId = `${id}-photo-error`;
  const busy = uploading || pending;

  useEffect(() => {
    photoInput.current?.focus();
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const found = check(photo, receivedBy);
    setProblems(found);
    if (found.photo || found.receivedBy) {
      if (found.photo) photoInput.current?.focus();
      return;
    }
    setRefusal(null);
    setUploading(true);
    let uploaded: string;
    try {
      uploaded = (await uploadPicture(photo!)).image;
    } catch (err) {
      setRefusal(errorMessage(err));
      return;
    } finally {
      setUploading(false);
    }
    setRefusal(await onDeliver({ photo: uploaded, receivedBy: receivedBy.trim() }));
  }

  return (
    <form
      noValidate
      aria-label={`Delivered: ${orderNumber}`}
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-4 rounded-lg border border-neutral-200 bg-neutral-50 p-3"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={photoId} className="text-sm font-medium text-neutral-900">
          Photo of the gift at the door
        </label>
        <input
          ref={photoInput}
          id={photoId}
          type="file"
          accept="image/*"
          capture="environment"
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null;
            setPhoto(file);
            if (file) setProblems(({ photo: _, ...rest }) => rest);
          }}
          aria-invalid={problems.photo ? true : undefined}
          aria-describedby={problems.photo ? photoErrorId : undefined}
          className={cn(
            'w-full rounded-md border border-neutral-300 bg-white text-sm text-neutral-800',
            'file:mr-3 file:min-h-11 file:border-0 file:bg-brand-600 file:px-4 file:font-medium file:text-white',
            problems.photo && 'border-red-600',
          )}
        />
        {problems.photo ? (
          <p id={photoErrorId} className="flex items-start gap-1.5 text-sm text-red-700">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {problems.photo}
          </p>
        ) : null}
        {preview ? (
          <img
            src={preview}
            alt="Preview: the gift at the door"
            className="mt-1 h-32 w-fit max-w-full rounded-md border border-neutral-200 object-cover"
          />
        ) : null}
      </div>
      <Field
        label="Received by"
        hint="The name of the person who took the gift"
        value={receivedBy}
        maxLength={RECEIVED_BY_MAX}
        autoComplete="off"
        readOnly={busy}
        error={problems.receivedBy}
        onChange={(e) => {
          setReceivedBy(e.target.value);
          if (e.target.value.trim()) setProblems(({ receivedBy: _, ...rest }) => rest);
        }}
      />
      {refusal ? <Alert>{refusal}</Alert> : null}
      <div className="grid grid-cols-[auto_1fr] gap-2">
        <Button type="button" variant="outline" size="lg" disabled={busy} onClick={onCancel}>
          Not yet
        </Button>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? (
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <CircleCheck className="size-4" aria-hidden="true" />
          )}
          {uploading ? 'Uploading…' : 'Mark delivered'}
        </Button>
      </div>
    </form>
  );
}
