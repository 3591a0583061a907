// Every documented endpoint. A new /api route adds its entry to the file of its area (or a new file
// listed here); tests/integration/openapi.test.ts fails while a route in app/routes.ts has none.
import type { EndpointDoc } from "../registry";
import { accountEndpoints } from "./account";
import { adminEndpoints } from "./admin";
import { authEndpoints } from "./auth";
import { captionEndpoints } from "./captions";
import { catalogEndpoints } from "./catalog";
import { certificateEndpoints } from "./certificates";
import { consultationEndpoints } from "./consultations";
import { contactEndpoints } from "./contact";
import { editorialEndpoints } from "./editorial";
import { instructorEndpoints } from "./instructor";
import { leadEndpoints, newsletterEndpoints } from "./leads";
import { learningEndpoints } from "./learning";
import { mediaEndpoints } from "./media";
import { notificationEndpoints } from "./notifications";
import { orderEndpoints } from "./orders";
import { pageEndpoints } from "./pages";
import { paymentEndpoints } from "./payments";
import { qaEndpoints } from "./qa";
import { quizEndpoints } from "./quizzes";
import { referenceEndpoints } from "./reference";
import { reviewEndpoints } from "./reviews";
import { siteEndpoints } from "./site";
import { videoEndpoints } from "./video";

export const ENDPOINTS: readonly EndpointDoc[] = [
  ...authEndpoints,
  ...accountEndpoints,
  ...notificationEndpoints,
  ...catalogEndpoints,
  ...paymentEndpoints,
  ...orderEndpoints,
  ...reviewEndpoints,
  ...learningEndpoints,
  ...quizEndpoints,
  ...qaEndpoints,
  ...captionEndpoints,
  ...certificateEndpoints,
  ...instructorEndpoints,
  ...mediaEndpoints,
  ...videoEndpoints,
  ...editorialEndpoints,
  ...adminEndpoints,
  ...siteEndpoints,
  ...pageEndpoints,
  ...contactEndpoints,
  ...consultationEndpoints,
  ...leadEndpoints,
  ...newsletterEndpoints,
  ...referenceEndpoints,
];
