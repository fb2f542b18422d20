import { useCallback, useState } from 'react';
import { ImageIcon, LoaderCircle, Trash2, Upload } from 'lucide-react';
import { toast } from 'sonner';
import { buttonClasses } from '../../components/ui/button.js';
import { Field } from '../../components/ui/field.js';
import { errorMessage } from '../../lib/api.js';
import { cn } from '../../lib/cn.js';
import { parseImageList } from './product-form.js';
import { uploadPicture } from '../../lib/upload.js';
import { deleteUpload, IMAGE_ACCEPT } from './upload.js';

export type Upload = (files: File[]) => Promise<string[]>;

/**
 * Uploads pictures one after another, saying the server's message for each ('Image uploaded', or
 * why not: too big, not a picture). `uploading` is true while any is under way, so the form can
 * wait for the paths before it is sent.
 */
export function useUploads(): { uploading: boolean; upload: Upload } {
  const [running, setRunning] = useState(0);
  const upload = useCallback<Upload>(async (files) => {
    setRunning((n) => n + 1);
    const paths: string[] = [];
    try {
      for (const file of files) {
        try {
          const result = await uploadPicture(file);
          toast.success(result.message);
          paths.push(result.image);
        } catch (err) {
          toast.error(errorMessage(err));
        }
      }
    } finally {
      setRunning((n) => n - 1);
    }
    return paths;
  }, []);
  return { uploading: running > 0, upload };
}

/** A button-looking label around a file input: keyboard, screen reader and Playwright reach the input. */
export function UploadButton({
  label,
  multiple,
  upload,
  onUploaded,
}: {
  label: string;
  multiple?: boolean;
  upload: Upload;
  onUploaded: (paths: string[]) => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <label
      className={cn(
        buttonClasses('outline', 'sm'),
        'w-fit cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
        busy && 'cursor-wait opacity-70',
      )}
    >
      {busy ? (
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
      ) : (
        <Upload className="size-4" aria-hidden="true" />
      )}
      {label}
      <input
        type="file"
        accept={IMAGE_ACCEPT}
        multiple={multiple}
        disabled={busy}
        className="sr-only"
        onChange={async (e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = ''; // the same file may be chosen again
          if (files.length === 0) return;
          setBusy(true);
          try {
            const paths = await upload(files);
            if (paths.length) onUploaded(paths);
          } finally {
            setBusy(false);
          }
        }}
      />
    </label>
  );
}

/**
 * The small copy of a store picture ('/uploads/x/name.jpg' → '/uploads/x/name-thumb.webp', the
 * naming uploads use; a demo picture's original is its '-detail.webp' copy); anything else as it is.
 */
export function thumbnailOf(src: string): string {
  return /^\/uploads\/.+\.(?:jpe?g|png|webp|avif)$/.test(src)
    ? src.replace(/(?:-detail)?\.[a-z]+$/, '-thumb.webp')
    : src;
}

function Thumb({ src }: { src: string }) {
  return src ? (
    <img
      key={src}
      src={thumbnailOf(src)}
      // No small copy (a path typed by hand): the picture itself.
      onError={(e) => {
        if (e.currentTarget.src !== new URL(src, location.href).href) e.currentTarget.src = src;
      }}
      alt=""
      width={80}
      height={80}
      decoding="async"
      className="size-20 shrink-0 rounded-md border border-neutral-200 bg-neutral-100 object-cover"
    />
  ) : (
    <span className="grid size-20 shrink-0 place-items-center rounded-md border border-dashed border-neutral-300 text-neutral-500">
      <ImageIcon className="size-6" aria-hidden="true" />
    </span>
  );
}

/** One picture: its path as text, an upload button that fills it, and a preview. */
export function SingleImageField({
  label,
  uploadLabel,
  id,
  value,
  onChange,
  upload,
}: {
  label: string;
  uploadLabel: string;
  id?: string;
  value: string;
  onChange: (path: string) => void;
  upload: Upload;
}) {
  return (
    <div className="flex items-start gap-3">
      <Thumb src={value} />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <Field
          label={label}
          id={id}
          value={value}
          placeholder="/uploads/…"
          onChange={(e) => onChange(e.target.value)}
        />
        <UploadButton label={uploadLabel} upload={upload} onUploaded={(paths) => onChange(paths[0]!)} />
      </div>
    </div>
  );
}

/**
 * The product's other pictures: a comma-separated list of paths, an upload of several files at
 * once (appended), and a Delete per picture, which also removes the file from the server
 * (a failure there is only logged, as the spec says).
 */
export function ProductImagesField({
  value,
  onChange,
  upload,
}: {
  value: string[];
  onChange: (images: string[]) => void;
  upload: Upload;
}) {
  // The text as typed ('a.jpg, ' mid-typing), kept apart from the list it stands for.
  const [text, setText] = useState(value.join(', '));
  const replace = (images: string[]) => {
    setText(images.join(', '));
    onChange(images);
  };
  return (
    <div className="flex flex-col gap-2">
      <Field
        label="Product Images"
        hint="Paths separated by commas, or upload pictures."
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(parseImageList(e.target.value));
        }}
      />
      <UploadButton
        label="Upload product images"
        multiple
        upload={upload}
        onUploaded={(paths) => replace([...value, ...paths])}
      />
      {value.length > 0 ? (
        <ul aria-label="Product images" className="grid grid-cols-[repeat(auto-fill,minmax(6rem,1fr))] gap-3">
          {value.map((src, i) => (
            <li key={`${src}-${i}`} className="flex flex-col items-center gap-1.5">
              <Thumb src={src} />
              <button
                type="button"
                onClick={() => {
                  replace(value.filter((_, j) => j !== i));
                  void deleteUpload(src);
                }}
                className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-red-700 hover:bg-red-50"
              >
                <Trash2 className="size-3.5" aria-hidden="true" />
                Delete<span className="sr-only"> image {i + 1}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
