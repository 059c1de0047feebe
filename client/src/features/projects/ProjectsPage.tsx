import { ComingSoonPage } from '@ui/PageFrame';

export default function ProjectsPage() {
  return <ComingSoonPage heading="Projects" purpose="Projects with collaborators, concepts, deliverables and costs." />;
}
