import { CREDIT_ROLES, creditRoleById, type CreditRole } from '@domain/credit-roles';
import { CheckboxList } from './CheckboxList';
import type { FilterBarFilter } from './FilterBar';
import { namedRole, withValues } from './urlFilters';

const ROLE_OPTIONS = CREDIT_ROLES.map((role) => ({ value: String(role.id), label: `${role.emoji} ${role.name}` }));

/** The Role chip of a filter bar: any number of credit roles, kept in the address under `key` as `{name}~{id}`. */
export function roleFilter(roles: readonly CreditRole[], params: URLSearchParams, key: string, setParams: (next: URLSearchParams) => void): FilterBarFilter {
  return {
    id: 'role',
    label: 'Role',
    activeLabel: roles.length > 0 ? roles.map((role) => `${role.emoji} ${role.name}`).join(', ') : null,
    onRemove: () => setParams(withValues(params, key, [])),
    render: () => (
      <CheckboxList
        label="Roles"
        options={ROLE_OPTIONS}
        values={roles.map((role) => String(role.id))}
        onChange={(ids) => setParams(withValues(params, key, ids.flatMap((id) => creditRoleById(Number(id)) ?? []).map(namedRole)))}
      />
    ),
  };
}
