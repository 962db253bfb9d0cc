// Written into the page after a post that started a checkout (components: CheckoutRedirectScript).
import { goToCheckout } from './checkout-redirect';

goToCheckout(document.currentScript, window);
