// Rules of a person's own account, pure so the page and the domain module ask the same question.
import { isAdmin, type Viewer } from "../access/roles";

/**
 * An admin leaves by another admin taking the role away first, so the platform never loses its last admin
 * by a click; everyone else may delete their own account (a trainer who owns courses is refused later, by
 * the deletion itself: the courses have learners who paid for them and need an owner).
 */
export function mayDeleteOwnAccount(viewer: NonNullable<Viewer>): boolean {
  return !isAdmin(viewer);
}
