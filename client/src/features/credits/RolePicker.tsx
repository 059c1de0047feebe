import type { RoleChoice } from './useAddCredits';

interface RolePickerProps {
  roles: readonly RoleChoice[];
  chosen: ReadonlySet<string>;
  onToggle: (roleId: string) => void;
}

/** The roles, each with its emoji, as checkboxes: a person can be credited for several at once. */
export function RolePicker({ roles, chosen, onToggle }: RolePickerProps) {
  return (
    <fieldset className="credit-roles">
      <legend className="credit-field__label">Roles</legend>
      <div className="credit-roles__list">
        {roles.map((role) => (
          <label key={role.id} className={chosen.has(role.id) ? 'credit-role credit-role--chosen' : 'credit-role'}>
            <input type="checkbox" checked={chosen.has(role.id)} onChange={() => onToggle(role.id)} />
            <span aria-hidden="true">{role.emoji}</span> {role.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
