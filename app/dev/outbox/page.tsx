import { OutboxList } from "@/components/dev/outbox-list";
import { QueryProvider } from "@/app/query-provider";

// The development outbox (access "internal"; the API behind it answers 404 in production).
export default function DevOutboxPage() {
  return (
    <QueryProvider>
      <OutboxList />
    </QueryProvider>
  );
}
