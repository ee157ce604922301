import { SessionsView } from "./_components/sessions-view";

export default function SessionsPage() {
  return <SessionsView />;
}
