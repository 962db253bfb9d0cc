import { cn } from '~/lib/utils';

/** The association's mark: a shield in navy and gold. Decorative; the name beside it is the label. */
export function Crest({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 48" aria-hidden="true" className={cn('h-10 w-auto shrink-0', className)}>
      <path d="M20 1 38 7v15c0 12-7.6 20.5-18 25C9.6 42.5 2 34 2 22V7z" fill="#1b2f57" stroke="#e6ad2e" strokeWidth="2" />
      <path d="M20 9v30M10 19h20" stroke="#e6ad2e" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="20" cy="19" r="4.5" fill="#1b2f57" stroke="#e6ad2e" strokeWidth="2" />
    </svg>
  );
}
