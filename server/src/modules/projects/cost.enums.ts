import { COST_CATEGORIES, type CostCategory } from '../../../../domain/project-costs.js';
import { closedSetEnum, screamingKeys } from '../../graphql/enums.js';

export const ProjectCostCategoryEnum = closedSetEnum<CostCategory>('ProjectCostCategory', screamingKeys(COST_CATEGORIES), 'What a project’s cost pays for.', {
  CREW: 'The people behind the camera: direction, camera, sound, styling…',
  TALENT: 'The people in front of it: models, actors, creators.',
  EQUIPMENT: 'Cameras, lights, grip and their rental.',
  LOCATION: 'Studios, sites and their permits.',
  TRAVEL: 'Transport, lodging and per diems.',
  POST_PRODUCTION: 'Editing, grading, sound mix, effects.',
  LICENSING: 'Music, stock footage, usage rights.',
  OTHER: 'Anything else.',
});
