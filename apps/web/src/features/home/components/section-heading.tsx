import type { ReactNode } from 'react';

interface SectionHeadingProps {
  id: string;
  title: string;
  subtitle?: string;
  /** A link shown at the right end, such as 'Show all products'. */
  action?: ReactNode;
}

/** The h2 of a home section; its id labels the section for screen readers. */
export function SectionHeading({ id, title, subtitle, action }: SectionHeadingProps) {
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
      <div>
        <h2 id={id} className="text-2xl font-bold tracking-tight text-neutral-900 md:text-3xl">
          {title}
        </h2>
        {subtitle && <p className="mt-1 text-sm text-neutral-600 md:text-base">{subtitle}</p>}
      </div>
      {action}
    </div>
  );
}
