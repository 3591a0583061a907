// /credentials/verify: anyone pastes an Open Badges credential's JSON, or uploads its file, and the server
// checks it — format, issuer, signature, status, dates — and shows each step. A plain form POST (multipart,
// for the file): it works without JavaScript.
import { data } from "react-router";
import { CredentialVerifyPage } from "../components/certificates/credential-verify-page";
import { verificationJson } from "../credentials/answers.server";
import { verifyCredential } from "../credentials/credentials.server";
import { PastedCredentialForm, pastedOrUploaded } from "../credentials/input";
import { getDb } from "../db/context";
import { getI18n } from "../i18n/context.server";
import { readForm, validateForm } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/credential-verify";

export const handle = { i18n: ["certificates"] };

export function loader({ request, context }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  return {
    meta: page.meta(
      page.t("certificates:credential.page.title"),
      page.t("certificates:credential.page.metaDescription"),
    ),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = pageContext(request, context);
  const t = getI18n(context).getFixedT(locale, "certificates");
  const form = validateForm(await pastedOrUploaded(await readForm(request)), PastedCredentialForm, t);
  const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
  if (!form.ok) {
    return data(
      { fieldErrors: form.fieldErrors, pasted: form.values.credential ?? "", result: null },
      { status: 400, headers },
    );
  }
  const verification = await verifyCredential(getDb(context), form.data.credential);
  return data(
    { fieldErrors: {}, pasted: form.values.credential ?? "", result: verificationJson(verification, t) },
    { headers },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...metaTags(loaderData?.meta),
  { name: "robots", content: "noindex, nofollow" },
];

export default function CredentialVerify({ actionData }: Route.ComponentProps) {
  return <CredentialVerifyPage answer={actionData ?? null} />;
}
