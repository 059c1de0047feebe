import { ComingSoonPage } from '@ui/PageFrame';

export default function ProjectPage() {
  return <ComingSoonPage heading="Project" purpose="A project with its collaborators, concepts, deliverables and costs." />;
}
