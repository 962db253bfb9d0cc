import type { ReactNode } from 'react';

/** A finance section's heading and what it counts. */
export function SectionHeading({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="mb-5">
      <h2 id={id} className="text-2xl font-bold text-navy-900">
        {title}
      </h2>
      {children ? <p className="mt-1 max-w-3xl text-muted-foreground">{children}</p> : null}
    </div>
  );
}
