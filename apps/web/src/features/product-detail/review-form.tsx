import { useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.js';
import { apiFetch, errorMessage } from '../../lib/api.js';
import { cn } from '../../lib/cn.js';
import { queryKeys } from '../../lib/query-client.js';

/** The spec's rating choices. */
export const RATING_OPTIONS = [
  { value: 1, label: '1 - Poor' },
  { value: 2, label: '2 - Fair' },
  { value: 3, label: '3 - Good' },
  { value: 4, label: '4 - Very Good' },
  { value: 5, label: '5 - Excellent' },
] as const;

const control =
  'w-full rounded-md border border-neutral-300 bg-white px-3 text-sm focus:border-brand-600 focus:outline-none';

type Problems = { rating?: string; comment?: string };

/**
 * 'Write a review' for a signed-in shopper: a heading whose button opens the form (rating and
 * comment, both required). A review posted refreshes the product (['Product']), so the list, the
 * stars and the distribution show it; the server's refusals (one review each, 409) are toasts.
 */
export function ReviewForm({ productId }: { productId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Problems>({});
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    const found: Problems = {
      rating: rating ? undefined : 'Select a rating',
      comment: comment.trim() ? undefined : 'Comment is required',
    };
    setErrors(found);
    const first = found.rating ? 'rating' : found.comment ? 'comment' : undefined;
    if (first) {
      toast.error(found[first]!);
      (formRef.current?.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setPending(true);
    try {
      await apiFetch<{ message: string }>(`/api/products/${encodeURIComponent(productId)}/reviews`, {
        method: 'POST',
        body: { productId, rating: Number(rating), comment: comment.trim() },
      });
      toast.success('Review created successfully');
      setRating('');
      setComment('');
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: queryKeys.products });
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <div>
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-form`}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-2 rounded-md border border-neutral-300 bg-white px-3 py-2 text-left font-semibold text-neutral-900 hover:bg-neutral-50"
        >
          Write a review
          <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </button>
      </h3>
      <form
        ref={formRef}
        id={`${id}-form`}
        hidden={!open}
        onSubmit={submit}
        noValidate
        aria-label="Write a review"
        aria-busy={pending}
        className="mt-3 flex flex-col gap-3 rounded-lg border border-neutral-200 bg-neutral-50 p-4"
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-rating`} className="text-sm font-medium text-neutral-900">
            Rating
          </label>
          <select
            id={`${id}-rating`}
            name="rating"
            required
            value={rating}
            aria-invalid={errors.rating ? true : undefined}
            aria-describedby={errors.rating ? `${id}-rating-error` : undefined}
            onChange={(e) => {
              setRating(e.target.value);
              setErrors((x) => ({ ...x, rating: undefined }));
            }}
            className={cn(control, 'h-10', errors.rating && 'border-red-600')}
          >
            <option value="">Select…</option>
            {RATING_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {errors.rating ? (
            <p id={`${id}-rating-error`} className="text-sm text-red-700">
              {errors.rating}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-comment`} className="text-sm font-medium text-neutral-900">
            Comment
          </label>
          <textarea
            id={`${id}-comment`}
            name="comment"
            required
            rows={4}
            maxLength={2000}
            value={comment}
            aria-invalid={errors.comment ? true : undefined}
            aria-describedby={errors.comment ? `${id}-comment-error` : undefined}
            onChange={(e) => {
              setComment(e.target.value);
              setErrors((x) => ({ ...x, comment: undefined }));
            }}
            className={cn(control, 'py-2', errors.comment && 'border-red-600')}
          />
          {errors.comment ? (
            <p id={`${id}-comment-error`} className="text-sm text-red-700">
              {errors.comment}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={pending} className="w-fit">
          {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
          Submit
        </Button>
      </form>
    </div>
  );
}
