/** `update_service/:id` (lower-case s, spec §2's other reading) redirects to `update_Service/:id`. */
import { Navigate, useParams } from "react-router";
import { BO } from "../lib/nav";

export default function ServiceRedirectPage() {
  const { id = "" } = useParams();
  return <Navigate to={`${BO}/update_Service/${encodeURIComponent(id)}`} replace />;
}
