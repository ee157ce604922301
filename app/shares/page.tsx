import { ShareLinksView } from "./_components/share-links-view";

export default function SharesPage() {
  return <ShareLinksView />;
}
