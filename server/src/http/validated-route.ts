import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { InvalidInput } from '../errors/app-errors.js';
import { route } from './rest.js';

/** The parts of a REST call a route reads, each with its zod schema. */
export interface RouteInputSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

export type RouteInputPart = keyof RouteInputSchemas;

/** What a route's handler gets: each declared part, parsed. */
export type RouteInput<S extends RouteInputSchemas> = { [K in keyof S]: S[K] extends z.ZodType ? z.output<S[K]> : never };

const DECLARED_INPUTS = Symbol('byline.routeInputs');

type WithDeclaredInputs = RequestHandler & { [DECLARED_INPUTS]?: RouteInputSchemas };

/**
 * Parses one part of a call, or throws the first problem as a 400 naming the field. Messages
 * come from the schema (the spec's words where it has them, such as `Invalid url`).
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, part: RouteInputPart): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : part;
  throw new InvalidInput(issue?.message ?? 'Invalid input', { field });
}

/** Records a route's input schemas on its handler, so tooling (the fuzz test) finds what it reads. */
export function declareRouteInputs(handler: RequestHandler, schemas: RouteInputSchemas): RequestHandler {
  (handler as WithDeclaredInputs)[DECLARED_INPUTS] = schemas;
  return handler;
}

export function declaredRouteInputs(handler: unknown): RouteInputSchemas | undefined {
  return typeof handler === 'function' ? (handler as WithDeclaredInputs)[DECLARED_INPUTS] : undefined;
}

/**
 * An async route whose params, query and body are parsed by their schemas before it runs:
 * a call that does not fit is a 400 and never reaches a service.
 */
export function validatedRoute<S extends RouteInputSchemas>(schemas: S, handler: (input: RouteInput<S>, req: Request, res: Response) => Promise<void>): RequestHandler {
  const run = route(async (req, res) => {
    const input: Partial<Record<RouteInputPart, unknown>> = {};
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = schemas[part];
      if (schema) input[part] = parseInput(schema, req[part], part);
    }
    // Each declared part was parsed by its own schema just above.
    await handler(input as RouteInput<S>, req, res);
  });
  return declareRouteInputs(run, schemas);
}
