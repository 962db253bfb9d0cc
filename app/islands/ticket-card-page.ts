/**
 * The ticket card's script on a page served without React: written right after the card's form
 * closes its fields (routes/_site/ticket-card.parts.tsx), it enhances the form it stands in.
 */
import { enhanceTicketCard } from './ticket-card';

const form = document.currentScript?.closest('form');
if (form) enhanceTicketCard(form);
