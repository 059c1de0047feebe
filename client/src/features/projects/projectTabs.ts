import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ProjectTab } from '@domain/projects';
import type { ProjectTabProps } from './tabs/types';

interface TabEntry {
  tab: ProjectTab;
  label: string;
  /** Whether the viewer gets this tab at all (costs: owners and editors only). */
  shownTo: (can: ProjectTabProps['can']) => boolean;
  Component: LazyExoticComponent<ComponentType<ProjectTabProps>>;
}

const always = () => true;

/**
 * The project page's tabs in order (docs/product.md §Projects), each a sub path and a chunk of its
 * own: opening a project loads the overview, and each other tab's code when it is opened.
 */
export const PROJECT_TAB_ENTRIES: readonly TabEntry[] = [
  { tab: '', label: 'Overview', shownTo: always, Component: lazy(() => import('./tabs/OverviewTab')) },
  { tab: 'concepts', label: 'Concepts', shownTo: always, Component: lazy(() => import('./tabs/ConceptsTab')) },
  { tab: 'deliverables', label: 'Deliverables', shownTo: always, Component: lazy(() => import('./tabs/DeliverablesTab')) },
  { tab: 'costs', label: 'Costs', shownTo: (can) => can.seeCosts, Component: lazy(() => import('./tabs/CostsTab')) },
  { tab: 'collaborators', label: 'Collaborators', shownTo: always, Component: lazy(() => import('./tabs/CollaboratorsTab')) },
];
