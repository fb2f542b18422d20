import type { ReactNode } from 'react';

/** The sign-in and register pages: a centred card (28rem) on desktop, the full width on a phone. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 md:py-14">
      <div className="md:rounded-xl md:border md:border-neutral-200 md:bg-white md:p-8 md:shadow-sm">
        <h1 className="text-2xl font-bold text-neutral-900 md:text-3xl">{title}</h1>
        <p className="mt-1.5 text-sm text-neutral-600">{intro}</p>
        <div className="mt-6 flex flex-col gap-5">{children}</div>
        <p className="mt-6 border-t border-neutral-200 pt-5 text-center text-sm text-neutral-700">{footer}</p>
      </div>
    </div>
  );
}
