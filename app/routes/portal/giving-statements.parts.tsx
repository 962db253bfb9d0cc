import { FileText } from 'lucide-react';
import { Button } from '~/components/ui/button';

/** The donor's year-end giving statements, one PDF per year they gave (docs/product.md#gift-receipts). */
export function GivingStatements({ years }: { years: number[] }) {
  if (years.length === 0) return null;
  return (
    <section aria-labelledby="statements-heading" className="mt-8">
      <h2 id="statements-heading" className="text-xl font-bold text-navy-900">
        Giving statements
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Each year’s gifts made with your email address, less any refund, for your tax records.</p>
      <ul className="mt-3 flex flex-wrap gap-3">
        {years.map((year) => (
          <li key={year}>
            <Button asChild variant="outline" size="sm">
              <a href={`/members-portal/statements/${year}.pdf`} download>
                <FileText aria-hidden /> {year} statement (PDF)
              </a>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
