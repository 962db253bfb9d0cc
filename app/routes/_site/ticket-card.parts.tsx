import { ExternalLink, Hourglass, Minus, Plus, Ticket } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Form, Link } from 'react-router';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { closedToViewer, maxQuantity, ticketCardOffer, tierTakesQuantity, type TicketViewer, type TierSaleState } from '~/features/events/tickets';
import { waitlistPath } from '~/features/events/waitlist';
import { formatDateTime } from '~/lib/dates';
import { useIsPending } from '~/lib/forms';
import { ticketButtonLabels, ticketCardTitles } from '~/lib/messages';
import { formatCents, formatPrice } from '~/lib/money';
import { useNonce } from '~/lib/nonce';
import { enhanceTicketCard } from '~/islands/ticket-card';
// The same code as a page script, for the page served without React (app/islands).
import ticketCardScript from '~/islands/ticket-card-page?inline-script';

type Tier = {
  id: number;
  name: string;
  description: string | null;
  priceCents: number;
  quantityCap: number;
  membersOnly: boolean;
  closed: boolean;
  remaining: number;
  onSale: boolean;
  state: TierSaleState;
};

/** What the card says under a tier's price when it cannot be bought, or has few seats left. */
function saleNote(state: TierSaleState): string | null {
  switch (state.kind) {
    case 'closed':
    case 'ended':
      return 'Sales closed';
    case 'not-yet':
      return `Sales open ${formatDateTime(state.opensAt)}`;
    case 'sold-out':
      return 'Sold out';
    case 'on-sale':
      return state.fewLeft ? `Only ${state.remaining} left` : null;
  }
}

/**
 * Why a members-only tier takes no quantity from this viewer, with what they can do about it. Sold
 * out, nobody can choose it: no sign-in to choose it, only where its waitlist is.
 */
function MembersOnlyNote({ viewer, eventId, soldOut }: { viewer: TicketViewer; eventId: number; soldOut: boolean }) {
  const link = 'font-semibold text-navy-700 underline underline-offset-2 hover:text-navy-900';
  if (soldOut) {
    return (
      <p className="mt-1 text-sm text-slate-700">
        {viewer === 'guest' ? 'For approved members of the association. Its waitlist is open to members once they sign in.' : 'For approved members of the association, who may join its waitlist.'}
      </p>
    );
  }
  return (
    <p className="mt-1 text-sm text-slate-700">
      {viewer === 'guest' ? (
        <>
          For approved members of the association.{' '}
          <Link to={`/login?redirectTo=${encodeURIComponent(`/events/${eventId}`)}`} className={link}>
            Sign in as a member
          </Link>{' '}
          to choose it.
        </>
      ) : (
        <>
          For approved members of the association: your account has no approved membership now.{' '}
          <Link to="/membership" className={link}>
            About membership
          </Link>
        </>
      )}
    </p>
  );
}

/**
 * The event page's ticket card (docs/product.md#ticket-card): tiers with FREE or $x.xx, quantity buttons for paid
 * tiers, a total line and the checkout button. Works without JavaScript: the quantities are plain
 * number fields posted to the page's action. A members-only tier takes a quantity only from a
 * member (`viewer`); others read why, and how to sign in. With nothing this viewer can buy there is
 * no total and no checkout button: a card whose every tier is sold out says so at its top, and leads
 * to the waitlist instead.
 */
export function TicketCard({
  eventId,
  viewer,
  tiers,
  externalFormLink,
  isRsvp = false,
  hasEnded,
  fieldError,
}: {
  eventId: number;
  viewer: TicketViewer;
  tiers: Tier[];
  externalFormLink: string | null;
  /** A free RSVP: the card confirms attendance instead of selling tickets. */
  isRsvp?: boolean;
  hasEnded: boolean;
  fieldError?: string;
}) {
  const hasExternalForm = Boolean(externalFormLink);
  const offer = ticketCardOffer(tiers, viewer, { hasExternalForm, hasEnded });
  // A card of one tier, sold out: the way to its waitlist is the card's main button; with several tiers, each has its link.
  const onlyWaitlist = !offer.buyable && tiers.length === 1 && offer.waitlistTierIds.length === 1 ? offer.waitlistTierIds[0]! : null;
  const busy = useIsPending();
  const nonce = useNonce();
  const form = useRef<HTMLFormElement>(null);
  // The page is served without React: the few lines below (inline) run the buttons and the total.
  // When React renders the card instead (a visitor arriving by a link from a page with React), it runs them.
  useEffect(() => {
    if (form.current) enhanceTicketCard(form.current);
  }, []);

  return (
    <Card className="lg:sticky lg:top-24">
      <CardHeader className="border-b border-border">
        <CardTitle className="flex items-center gap-2">
          <Ticket className="size-5 text-gold-600" aria-hidden />
          {hasExternalForm || isRsvp ? ticketCardTitles.external : ticketCardTitles.buy}
        </CardTitle>
      </CardHeader>
      <CardContent className="pt-6">
        {offer.soldOut ? (
          <div className="mb-4 rounded-lg border border-gold-300 bg-gold-50 p-4 text-navy-900">
            <p className="flex items-center gap-2 text-lg font-bold">
              <Hourglass className="size-5 text-gold-700" aria-hidden />
              Sold out
            </p>
            <p className="mt-1 text-sm text-slate-700">
              {isRsvp ? 'Every place for this event has been taken.' : 'Every ticket for this event has been taken.'}
              {offer.waitlistTierIds.length > 0 ? ' Join the waitlist: when a seat frees, the first person in line is offered it by email.' : ''}
            </p>
          </div>
        ) : null}
        <Form method="post" noValidate ref={form}>
          <ul className="divide-y divide-border">
            {tiers.map((tier) => {
              const inputId = `qty-${tier.id}`;
              const membersOnlyClosed = closedToViewer(tier, viewer) && !hasExternalForm && !hasEnded;
              return (
                <li key={tier.id} className="flex items-center justify-between gap-4 py-3">
                  <div className="min-w-0">
                    <p className="font-medium text-navy-900">
                      {tier.name}
                      {tier.membersOnly ? <Badge className="ml-2 align-middle">Members only</Badge> : null}
                    </p>
                    {tier.description ? <p className="text-sm text-slate-600">{tier.description}</p> : null}
                    <p className={tier.priceCents === 0 ? 'text-sm font-bold text-success' : 'text-sm text-muted-foreground'}>
                      {formatPrice(tier.priceCents)}
                      {saleNote(tier.state) ? <span className={tier.onSale ? 'ml-2 font-semibold text-gold-700' : 'ml-2 font-semibold text-muted-foreground'}>· {saleNote(tier.state)}</span> : null}
                    </p>
                    {membersOnlyClosed ? <MembersOnlyNote viewer={viewer} eventId={eventId} soldOut={tier.state.kind === 'sold-out'} /> : null}
                    {offer.waitlistTierIds.includes(tier.id) && onlyWaitlist === null ? (
                      <Link to={waitlistPath(eventId, tier.id)} className="mt-1 inline-block text-sm font-semibold text-navy-700 underline underline-offset-2 hover:text-navy-900">
                        Join the waitlist
                      </Link>
                    ) : null}
                  </div>
                  {tierTakesQuantity(tier, hasExternalForm) && !hasEnded && !membersOnlyClosed ? (
                    <div className="flex shrink-0 items-center gap-1.5">
                      <Button type="button" variant="outline" size="icon" className="size-9" aria-label={`Decrease ${tier.name} quantity`} aria-controls={inputId} data-step={-1} disabled>
                        <Minus aria-hidden />
                      </Button>
                      <label htmlFor={inputId} className="sr-only">
                        {tier.name} quantity
                      </label>
                      <input
                        id={inputId}
                        name={inputId}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={maxQuantity(tier)}
                        defaultValue={0}
                        // A restored field (Back) would not tell the total line; it starts at 0 instead.
                        autoComplete="off"
                        data-price-cents={tier.priceCents}
                        className="h-9 w-14 rounded-md border border-border text-center font-semibold tabular-nums [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
                      />
                      <Button type="button" variant="outline" size="icon" className="size-9" aria-label={`Increase ${tier.name} quantity`} aria-controls={inputId} data-step={1}>
                        <Plus aria-hidden />
                      </Button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>

          {offer.buyable ? (
            <p className="mt-2 flex items-center justify-between border-t-2 border-navy-900 pt-4 text-lg font-semibold text-navy-900" aria-live="polite">
              <span data-ticket-count>Total</span>
              <span data-ticket-total data-testid="ticket-total">
                {formatCents(0)}
              </span>
            </p>
          ) : null}
          {fieldError ? (
            <p role="alert" className="mt-3 text-sm font-medium text-destructive">
              {fieldError}
            </p>
          ) : null}

          {hasEnded ? (
            <p className="mt-6 rounded-md bg-muted p-3 text-center text-sm text-muted-foreground">This event has ended. Ticket sales are closed.</p>
          ) : hasExternalForm ? (
            <Button asChild size="lg" variant="accent" className="mt-6 w-full">
              <a href={externalFormLink!} target="_blank" rel="noreferrer">
                {ticketButtonLabels.external}
                <ExternalLink aria-hidden />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </Button>
          ) : offer.buyable ? (
            <Button type="submit" size="lg" variant="accent" className="mt-6 w-full" disabled={busy}>
              {isRsvp ? ticketButtonLabels.external : ticketButtonLabels.buy}
            </Button>
          ) : onlyWaitlist !== null ? (
            // Nothing to buy: no checkout button and no $0.00, the way to the waitlist instead.
            <Button asChild size="lg" variant="accent" className="mt-6 w-full">
              <Link to={waitlistPath(eventId, onlyWaitlist)}>
                <Hourglass aria-hidden />
                Join the waitlist
              </Link>
            </Button>
          ) : !offer.soldOut && offer.waitlistTierIds.length === 0 && !tiers.some((tier) => tier.onSale) ? (
            <p className="mt-6 rounded-md bg-muted p-3 text-center text-sm text-muted-foreground">No tickets are on sale now.</p>
          ) : null}
          <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: ticketCardScript }} />
        </Form>
      </CardContent>
    </Card>
  );
}
