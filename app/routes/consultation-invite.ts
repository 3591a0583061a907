// /consultation/booking/:token/invite.ics — a booking's calendar invite as it now stands (the `icsUrl` of
// POST /api/consultations): METHOD:REQUEST with its UID and SEQUENCE, or METHOD:CANCEL once cancelled. Signed
// like the booking's page (decision 069): whoever holds the mail's link, and nobody else, gets it.
import { bookingIdOfToken, bookingInviteFile, getBooking } from "../consultations/consultations.server";
import { getDb } from "../db/context";
import type { Route } from "./+types/consultation-invite";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = bookingIdOfToken(params.token);
  const db = getDb(context);
  const booking = id === null ? null : await getBooking(db, id);
  if (!booking) {
    return new Response("Not found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const method = booking.status === "cancelled" ? "CANCEL" : "REQUEST";
  return new Response(await bookingInviteFile(db, booking), {
    headers: {
      "Content-Type": `text/calendar; charset=utf-8; method=${method}`,
      "Content-Disposition": 'attachment; filename="consultation.ics"',
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
