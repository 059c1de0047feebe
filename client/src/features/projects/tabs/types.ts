/**
 * What the project page hands each of its tabs (overview, concepts, deliverables, costs,
 * collaborators). A tab loads its own data by `projectId`, so the page's first query stays small
 * and a tab's code loads only when it is opened.
 */
export interface ProjectTabProps {
  /** The project's global id (`Project.id`). */
  projectId: string;
  /** The first part of the project's address, for links within it. */
  publicId: string;
  /** What the viewer may do, from `Project.viewerCan`. */
  can: { edit: boolean; manageCollaborators: boolean; seeCosts: boolean };
}
