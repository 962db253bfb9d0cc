import { Link, Outlet } from 'react-router';
import { RouteErrorBoundary } from '~/components/layout/route-error';
import { StandalonePage } from '~/components/layout/standalone-page';

/** Sign-in pages sit outside the site layout (docs/product.md#accounts): the association's mark and one card. */
export default function AuthLayout() {
  return (
    <StandalonePage
      width="md"
      footer={
        <Link to="/" className="mt-6 text-sm font-medium text-navy-100 hover:text-white hover:underline">
          ← Back to the website
        </Link>
      }
    >
      <Outlet />
    </StandalonePage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
