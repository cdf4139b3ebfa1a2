// Moved to src/errors.ts (ADR 0029): use cases throw errors with codes, not HTTP statuses.
// This re-export keeps the remaining importers compiling until they switch.
export { AppError, badRequest, conflict, forbidden, notFound, unauthenticated } from '../errors.ts';
