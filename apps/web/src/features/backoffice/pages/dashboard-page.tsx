import { PendingScreen } from "../../../components/pending-screen";

export default function Page() {
  return <PendingScreen title="dashboard" />;
}
