import { SweepView } from "./_components/sweep-view";

export default async function SweepPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SweepView sessionId={id} />;
}
