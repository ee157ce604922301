import { MultiCompareView } from "./_components/multi-compare-view";

export default function MultiComparePage() {
  return <MultiCompareView />;
}
