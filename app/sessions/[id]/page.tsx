import Link from "next/link";
import { SessionView } from "./_components/session-view";

export default async function SessionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <>
      <div className="-mt-2 mb-1 flex justify-end gap-3 text-xs">
        <Link href={`/sessions/${encodeURIComponent(id)}/compare`} data-testid="compare-strategies-link" className="font-medium text-violet-700 hover:underline">
          Compare strategies →
        </Link>
      </div>
      <SessionView id={id} />
    </>
  );
}
