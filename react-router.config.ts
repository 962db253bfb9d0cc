import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  future: {
    // Request state (the session user, toasts, the CSP nonce) travels in React Router's context (docs/architecture/server.md#requests-and-operations).
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
