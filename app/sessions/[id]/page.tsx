import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { presentMessagePage } from "@/lib/present/present-message-page";
import { MESSAGE_PAGE_SIZE, sessionKeys } from "@/lib/query-hooks/session-queries";
import { listMessages } from "@/lib/store/sessions";
import { SessionView } from "./_components/session-view";

/**
 * A session's page. Its first page of messages is read here, on the server, and handed to the client's query cache
 * (React Query's HydrationBoundary), so the timeline's first rows are in the HTML: on a 100,000-message session the
 * browser fetched that page only once its scripts had run and hydrated, about two seconds after navigating. The rest
 * (the session's detail and curve, runs, later pages) is fetched by the client as before; a first page that cannot
 * be read here (an unknown session, a store error) is left to the client, which shows the API's own error.
 */
export default async function SessionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const queryClient = new QueryClient();
  const firstPage = await listMessages(id, { cursor: 0, limit: MESSAGE_PAGE_SIZE }).then(presentMessagePage, () => null);
  // as the API sends it (JSON): the client's query data must be what its own fetch of the page would have parsed
  if (firstPage) queryClient.setQueryData(sessionKeys.messagePage(id, 0), JSON.parse(JSON.stringify(firstPage)));
  return (
    <>
      <div className="-mt-2 mb-1 flex justify-end gap-3 text-xs">
        <Link href={`/sessions/${encodeURIComponent(id)}/compare`} data-testid="compare-strategies-link" className="font-medium text-violet-700 hover:underline">
          Compare strategies →
        </Link>
      </div>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <SessionView id={id} />
      </HydrationBoundary>
    </>
  );
}
