import { Outlet } from "react-router";
import { PendingScreen } from "../../../components/pending-screen";

export default function Page() {
  return (
    <>
      <PendingScreen title="Back office" />
      <Outlet />
    </>
  );
}
