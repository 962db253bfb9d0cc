import { CREST } from '~/lib/crest';
import { cn } from '~/lib/utils';

/** The association's mark: a shield in navy and gold (lib/crest.ts). Decorative; the name beside it is the label. */
export function Crest({ className }: { className?: string }) {
  return (
    <svg viewBox={`0 0 ${CREST.width} ${CREST.height}`} aria-hidden="true" className={cn('h-10 w-auto shrink-0', className)}>
      <path d={CREST.shield} fill={CREST.navy} stroke={CREST.gold} strokeWidth="2" />
      <path d={CREST.cross} stroke={CREST.gold} strokeWidth="2.5" strokeLinecap="round" />
      <circle cx={CREST.boss.cx} cy={CREST.boss.cy} r={CREST.boss.r} fill={CREST.navy} stroke={CREST.gold} strokeWidth="2" />
    </svg>
  );
}
