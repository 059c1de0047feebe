import { defaultFieldResolver, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import type { AuditAction } from '../../../../domain/enums.js';
import type { GraphQLContext } from '../../graphql/context.js';
import type { Logger } from '../../logger.js';

/** What auditing a mutation reads of its context (the app's RequestContext is one). */
type AuditedContext = GraphQLContext & { logger: Logger };
import { recordAudit } from './audit.service.js';

/** What kind of change a mutation makes, read from its name (createX, removeX, upsertX…). */
export function auditActionForOperation(name: string): AuditAction {
  if (/^(create|add|track|invite|start|open|request)/i.test(name)) return 'create';
  if (/^(delete|remove|revoke|cancel|leave)/i.test(name)) return 'delete';
  if (/^upsert/i.test(name)) return 'upsert';
  return 'update';
}

/**
 * Names of the arguments a call carried, one level into input objects (`input.name`), and
 * never their values: they may be passwords or tokens.
 */
export function argumentNames(args: Record<string, unknown>): string[] {
  const names: string[] = [];
  for (const [name, value] of Object.entries(args)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)) {
      const inner = Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined);
      if (inner.length > 0) {
        names.push(...inner.map((key) => `${name}.${key}`));
        continue;
      }
    }
    names.push(name);
  }
  return names.slice(0, 50);
}

async function recordMasqueradedMutation(context: GraphQLContext, fieldName: string, args: Record<string, unknown>, outcome: 'ok' | 'error'): Promise<void> {
  const { viewer } = context;
  if (!viewer) return;
  // Its own EntityManager: the mutation's may hold a failed unit of work.
  const em = context.em.fork();
  recordAudit(em, { actorId: viewer.user.id, masqueradingAdminId: viewer.masqueradingAdminId }, {
    action: auditActionForOperation(fieldName),
    target: fieldName,
    fields: { via: 'graphql', arguments: argumentNames(args), outcome },
  });
  await em.flush();
}

/**
 * docs/product.md §Masquerading: while an admin masquerades, every action is audited with both
 * identities. Wraps each root Mutation field (whatever module defines it) to record one row after
 * it runs, successful or not. It wraps the Mutation fields only instead of being a type-graphql
 * global middleware: a global middleware runs on every field of every answer and made a list of
 * 1000 small objects five times slower to resolve.
 */
export function withMasqueradeAudit(schema: GraphQLSchema): GraphQLSchema {
  const mutationType = schema.getMutationType();
  if (!mutationType) return schema;
  for (const field of Object.values(mutationType.getFields())) {
    const resolve: GraphQLFieldResolver<unknown, AuditedContext> = field.resolve ?? defaultFieldResolver;
    field.resolve = async (source, args: Record<string, unknown>, context: AuditedContext, info) => {
      if (!context.viewer?.masqueradingAdminId) return resolve(source, args, context, info);
      let outcome: 'ok' | 'error' = 'error';
      try {
        const result: unknown = await resolve(source, args, context, info);
        outcome = 'ok';
        return result;
      } finally {
        await recordMasqueradedMutation(context, info.fieldName, args, outcome).catch((error: unknown) => {
          context.logger.error({ err: error, field: info.fieldName }, 'could not audit a masqueraded mutation');
        });
      }
    };
  }
  return schema;
}
