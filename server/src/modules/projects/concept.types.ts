import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { connectionType } from '../../graphql/connection.js';
import { ProjectConcept } from './concept.entity.js';
import { Project } from './project.entity.js';

export const ProjectConceptConnection = connectionType('ProjectConcept', ProjectConcept, { totalCount: true });

@InputType('AddProjectConceptPostInput', { description: 'A project and a link to a post to add to its board.' })
export class AddProjectConceptPostInput {
  @Field(() => ID, { description: 'The project’s global id.' }) projectId!: string;
  @Field(() => String, { description: 'A link to a post in any form Byline recognises (share links, mobile hosts, short links). It is tracked as trackPost tracks it.' }) url!: string;
  @Field(() => String, { nullable: true, description: 'Up to 280 characters.' }) caption?: string | null;
}

@InputType('AddProjectConceptNoteInput', { description: 'A project and a note to add to its board.' })
export class AddProjectConceptNoteInput {
  @Field(() => ID, { description: 'The project’s global id.' }) projectId!: string;
  @Field(() => String, { description: '1 to 2,000 characters; line breaks are kept.' }) note!: string;
  @Field(() => String, { nullable: true, description: 'Up to 280 characters.' }) caption?: string | null;
}

@ObjectType('AddProjectConceptPostPayload', { description: 'The concept added, at the end of the board.' })
export class AddProjectConceptPostPayload {
  @Field(() => ProjectConcept, { description: 'The new POST concept; its post shows once the import lands.' }) concept!: ProjectConcept;
}

@ObjectType('AddProjectConceptNotePayload', { description: 'The concept added, at the end of the board.' })
export class AddProjectConceptNotePayload {
  @Field(() => ProjectConcept, { description: 'The new NOTE concept.' }) concept!: ProjectConcept;
}

@InputType('UpdateProjectConceptInput', { description: 'A field left out stays as it is; an empty or null caption clears it.' })
export class UpdateProjectConceptInput {
  @Field(() => ID, { description: 'The ProjectConcept’s global id.' }) conceptId!: string;
  @Field(() => String, { nullable: true, description: 'Up to 280 characters.' }) caption?: string | null;
  @Field(() => String, { nullable: true, description: 'A NOTE’s new text, 1 to 2,000 characters; refused for other kinds.' }) note?: string | null;
}

@ObjectType('UpdateProjectConceptPayload', { description: 'The concept after the change.' })
export class UpdateProjectConceptPayload {
  @Field(() => ProjectConcept, { description: 'The concept, as it now is.' }) concept!: ProjectConcept;
}

@InputType('DeleteProjectConceptInput', { description: 'The concept to take off its board.' })
export class DeleteProjectConceptInput {
  @Field(() => ID, { description: 'The ProjectConcept’s global id.' }) conceptId!: string;
}

@ObjectType('DeleteProjectConceptPayload', { description: 'Which concept was deleted, and its project.' })
export class DeleteProjectConceptPayload {
  @Field(() => ID, { description: 'The global id the ProjectConcept had, to drop it from a client’s cache.' }) deletedConceptId!: string;
  @Field(() => Project, { description: 'The board’s project, without the concept.' }) project!: Project;
}

@InputType('MoveProjectConceptInput', { description: 'A concept and the concept to put it after, on the same board.' })
export class MoveProjectConceptInput {
  @Field(() => ID, { description: 'The ProjectConcept’s global id.' }) conceptId!: string;
  @Field(() => ID, { nullable: true, description: 'The concept (on the same board) to put it just after; null puts it first.' }) afterConceptId?: string | null;
}

@ObjectType('MoveProjectConceptPayload', { description: 'The concept in its new place.' })
export class MoveProjectConceptPayload {
  @Field(() => ProjectConcept, { description: 'The concept moved.' }) concept!: ProjectConcept;
  @Field(() => Project, { description: 'The board’s project: read its concepts again for the new order.' }) project!: Project;
}
