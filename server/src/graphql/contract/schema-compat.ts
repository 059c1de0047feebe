import { CriticalityLevel, diff, type Change } from '@graphql-inspector/core';
import { buildSchema } from 'graphql';

/**
 * The public schema's compatibility rule. `schema/released.graphql` is the contract integrators
 * and shipped mobile apps build on; the emitted `schema/schema.graphql` may differ from it only
 * by additions, unless each breaking change is written down in the "Unreleased" section of
 * `schema/CHANGELOG.md` (its path in backticks, e.g. `Query.post`). A field or enum value must
 * also be deprecated in a released schema before it is removed, as GitHub's API does.
 */
export interface ContractProblem {
  path: string;
  message: string;
}

export async function contractProblems(releasedSdl: string, currentSdl: string, changelog: string): Promise<ContractProblem[]> {
  const changes = await diff(buildSchema(releasedSdl), buildSchema(currentSdl));
  const recorded = recordedPaths(changelog);
  const problems: ContractProblem[] = [];
  for (const change of changes) {
    if (change.criticality.level !== CriticalityLevel.Breaking) continue;
    const path = change.path ?? change.type;
    if (removedWithoutDeprecation(change)) {
      problems.push({ path, message: `${change.message}: deprecate it with @deprecated(reason:) in a release before removing it` });
    } else if (!recorded.has(path)) {
      problems.push({ path, message: `${change.message}: a breaking change, not recorded under "Unreleased" in schema/CHANGELOG.md (mention \`${path}\`)` });
    }
  }
  return problems;
}

/** Paths written in backticks in the changelog's "## Unreleased" section. */
export function recordedPaths(changelog: string): Set<string> {
  const unreleased = /^## Unreleased\s*$([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(changelog)?.[1] ?? '';
  return new Set([...unreleased.matchAll(/`([A-Za-z_][\w.]*)`/g)].map((match) => match[1]!));
}

function removedWithoutDeprecation(change: Change): boolean {
  const meta = change.meta as Record<string, unknown>;
  if (change.type === 'FIELD_REMOVED') return meta.isRemovedFieldDeprecated === false;
  if (change.type === 'ENUM_VALUE_REMOVED') return meta.isEnumValueDeprecated === false;
  return false;
}
