import { cn } from '~/lib/utils';

/** The navy band that opens each page: eyebrow, title and an optional lead paragraph. */
export function PageHero({ eyebrow, title, children, className }: { eyebrow?: string; title: string; children?: React.ReactNode; className?: string }) {
  return (
    <section className={cn('hero-pattern relative overflow-hidden bg-navy-900 text-white', className)}>
      <div className="relative mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-[0.2em] text-gold-300">{eyebrow}</p> : null}
        <h1 className="mt-2 max-w-3xl text-4xl font-bold sm:text-5xl">{title}</h1>
        {children ? <div className="mt-4 max-w-2xl text-lg text-navy-100">{children}</div> : null}
      </div>
    </section>
  );
}
