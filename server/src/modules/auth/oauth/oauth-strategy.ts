import type { Request, RequestHandler, Response } from 'express';
import type passport from 'passport';
import type { ExternalIdentity, ExternalProvider } from './external-identity.service.js';

/** What running a passport strategy on a request came to. */
export type StrategyResult = { kind: 'redirected' } | { kind: 'identity'; identity: ExternalIdentity } | { kind: 'refused'; reason: string };

/** The flow could not be completed for a reason the person cannot act on (bad or missing state, provider refusal). */
export class FlowRefused extends Error {}

/**
 * Runs a strategy with passport's custom-callback form (no sessions): it either redirects to the
 * provider (the response ends), or reports an identity, a refusal, or an error.
 */
export function runStrategy(authenticator: passport.Authenticator, name: ExternalProvider, req: Request, res: Response, options: Record<string, unknown>): Promise<StrategyResult> {
  return new Promise((resolve, reject) => {
    const onRedirect = () => resolve({ kind: 'redirected' });
    res.once('finish', onRedirect);
    // `state` carries our flow object (see oauth-state.ts); the typings only allow a string.
    const authenticateOptions = { ...options, session: false } as unknown as passport.AuthenticateOptions;
    const middleware: RequestHandler = authenticator.authenticate(name, authenticateOptions, (error: unknown, identity?: ExternalIdentity | false, info?: unknown) => {
      res.off('finish', onRedirect);
      if (error) return reject(error instanceof Error ? error : new Error(String(error)));
      if (!identity) return resolve({ kind: 'refused', reason: describeRefusal(info) });
      resolve({ kind: 'identity', identity });
    });
    middleware(req, res, (error?: unknown) => {
      res.off('finish', onRedirect);
      reject(error instanceof Error ? error : new Error('passport ended without a result'));
    });
  });
}

function describeRefusal(info: unknown): string {
  if (typeof info === 'object' && info !== null && typeof (info as { message?: unknown }).message === 'string') return (info as { message: string }).message;
  return 'refused by the provider';
}
