import { Field, ObjectType } from 'type-graphql';
import { SERVICE_COMPONENTS, type ServiceComponent, type ServiceState } from '../../../../domain/service-status.js';
import { closedSetEnum, screamingKeys } from '../../graphql/enums.js';

export const ServiceComponentEnum = closedSetEnum<ServiceComponent>(
  'ServiceComponent',
  screamingKeys(SERVICE_COMPONENTS),
  'A part of the service the status page checks: the database, the job queue, pub/sub for live updates, the search engine and mail.',
  {
    DATABASE: 'The database every page reads.',
    QUEUE: 'The job queue: imports, refreshes and mail run through it.',
    PUBSUB: 'Pub/sub, which carries live updates.',
    SEARCH: 'The search engine.',
    MAIL: 'Sending mail.',
  },
);

export const ServiceStateEnum = closedSetEnum<ServiceState>('ServiceState', { UP: 'up', DEGRADED: 'degraded', DOWN: 'down' }, 'Up; degraded (working, but slowly or on a fallback); down.', {
  UP: 'Working.',
  DEGRADED: 'Working, but slowly or on a fallback.',
  DOWN: 'Not working.',
});

@ObjectType('ServiceComponentStatus', { description: 'One part of the service as last checked.' })
export class ServiceComponentStatus {
  @Field(() => ServiceComponentEnum, { description: 'Which part was checked.' }) component!: ServiceComponent;
  @Field(() => ServiceStateEnum, { description: 'UP, DEGRADED or DOWN, as last checked.' }) state!: ServiceState;
  @Field(() => Date, { description: 'When the check ran; results are reused for up to 30 seconds.' }) checkedAt!: Date;
  latencyMs!: number;
  detail!: string | null;
}

@ObjectType('ServiceStatus', { description: 'Whether Byline is working, part by part (the /status page).' })
export class ServiceStatus {
  @Field(() => ServiceStateEnum, { description: 'The worst state of the parts.' }) state!: ServiceState;
  @Field(() => [ServiceComponentStatus], { description: 'Each part, in a fixed order (five at most).' }) components!: ServiceComponentStatus[];
}

