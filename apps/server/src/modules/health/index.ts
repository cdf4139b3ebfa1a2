/**
 * The health module's public face: GET /healthz and /readyz for the load balancer, and the
 * instance's lifecycle that a shutdown turns to draining (main.ts), so /readyz answers 503.
 */
export { createLifecycle, healthRoutes, type Lifecycle } from './routes.ts';
