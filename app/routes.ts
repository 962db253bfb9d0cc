import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  layout('routes/_site/layout.tsx', [
    index('routes/_site/home.tsx'),
    route('about', 'routes/_site/about.tsx'),
    route('school-history', 'routes/_site/school-history.tsx'),
    route('school-anthem', 'routes/_site/school-anthem.tsx'),
    route('committees', 'routes/_site/committees.tsx'),
    route('news', 'routes/_site/news.tsx'),
    route('news/:id', 'routes/_site/news.$id.tsx'),
    route('events', 'routes/_site/events.tsx'),
    route('events/:id', 'routes/_site/events.$id.tsx'),
    route('membership', 'routes/_site/membership.tsx'),
    route('donate', 'routes/_site/donate.tsx'),
    route('donate/manage', 'routes/_site/donate.manage.tsx'),
    route('members-only', 'routes/_site/members-only.tsx'),
    layout('routes/portal/layout.tsx', [route('members-portal', 'routes/portal/members-portal.tsx')]),
    layout('routes/admin/layout.tsx', [
      route('admin', 'routes/admin/dashboard.tsx'),
      route('admin/applications/:id', 'routes/admin/application.tsx'),
    ]),
    route('*', 'routes/_site/not-found.tsx'),
  ]),
  layout('routes/_auth/layout.tsx', [
    route('login', 'routes/_auth/login.tsx'),
    route('forgot-password', 'routes/_auth/forgot-password.tsx'),
    route('update-password', 'routes/_auth/update-password.tsx'),
  ]),
  route('logout', 'routes/logout.ts'),
  route('admin/export.csv', 'routes/admin/export.ts'),
  route('payment-success', 'routes/payment/success.tsx'),
  route('payment-cancelled', 'routes/payment/cancelled.tsx'),
  route('payment/test-checkout/:id', 'routes/payment/test-checkout.tsx'),
  route('api/webhooks/stripe', 'routes/api/webhooks.stripe.ts'),
  route('api/auth/*', 'routes/api/auth.$.ts'),
  route('documents/:id/download', 'routes/documents.$id.download.ts'),
  route('healthz', 'routes/api/healthz.ts'),
] satisfies RouteConfig;
