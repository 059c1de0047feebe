import { lazy, useState, type ComponentProps } from 'react';
import { Part } from '@ui/Part';

// What selected rows can have done to them (its queries, mutations and dialogs) loads with the
// first selection: the page opens with none (docs/product.md §Performance).
const SelectionActions = lazy(() => import('./SelectionActions').then((module) => ({ default: module.SelectionActions })));

/**
 * SelectionActions from the first selection on. It stays mounted after that, so what an action
 * did (removing clears the selection) is still said.
 */
export function SelectionActionsOnSelect(props: ComponentProps<typeof SelectionActions>) {
  const [used, setUsed] = useState(false);
  if (props.rows.length > 0 && !used) setUsed(true);
  return used ? (
    <Part fallback={null}>
      <SelectionActions {...props} />
    </Part>
  ) : null;
}
