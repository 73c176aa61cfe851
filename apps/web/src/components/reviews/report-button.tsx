/**
 * "Report" on a listing or a review (ADR 0213): signed-out shoppers go to /signin; the form opens in
 * a dialog (its chunk loads on the first open).
 */
import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { useSession } from "../../lib/session";
import { LazyModal } from "../lazy-overlay";
import { Button } from "../ui/button";

const ReportForm = lazy(() => import("./report-form"));

export function ReportButton({ target, id }: { target: "listing" | "review"; id: string }) {
  const [open, setOpen] = useState(false);
  const { isLogin } = useSession();
  const navigate = useNavigate();
  return (
    <>
      <Button size="xs" variant="subtle" onClick={() => (isLogin ? setOpen(true) : navigate("/signin"))} data-testid={`report-${target}`}>
        Report this {target}
      </Button>
      <LazyModal opened={open} onClose={() => setOpen(false)} title={`Report this ${target}`}>
        <Suspense fallback={null}>
          <ReportForm target={target} id={id} onDone={() => setOpen(false)} />
        </Suspense>
      </LazyModal>
    </>
  );
}
