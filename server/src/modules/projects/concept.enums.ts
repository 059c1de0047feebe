import { PROJECT_CONCEPT_KINDS, type ProjectConceptKind } from '../../../../domain/project-concepts.js';
import { closedSetEnum, screamingKeys } from '../../graphql/enums.js';

export const ProjectConceptKindEnum = closedSetEnum<ProjectConceptKind>('ProjectConceptKind', screamingKeys(PROJECT_CONCEPT_KINDS), 'What a concept on a project’s board is.', {
  PICTURE: 'A picture uploaded to the board: see pictureUrl.',
  POST: 'A link to a post, tracked as any pasted link is: see post and postUrl.',
  NOTE: 'Text written on the board: see note.',
});
