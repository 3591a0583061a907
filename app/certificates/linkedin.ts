// LinkedIn's "Add to profile" link for a certification (addtoprofile.linkedin.com, the "filled form" model):
// a plain URL with the certification's fields as parameters. Nothing is sent to LinkedIn by us; the learner
// follows the link and confirms on LinkedIn.

export const LINKEDIN_ADD_TO_PROFILE = "https://www.linkedin.com/profile/add";

export function linkedInAddToProfileUrl(certification: {
  name: string;
  organizationName: string;
  issuedAt: Date;
  /** The public verification URL: what LinkedIn shows as "Show credential". */
  certUrl: string;
  /** The certificate's code. */
  certId: string;
}): string {
  const params = new URLSearchParams({
    startTask: "CERTIFICATION_NAME",
    name: certification.name,
    organizationName: certification.organizationName,
    // The issue date in UTC, as the credential's validFrom says it; months are 1–12.
    issueYear: String(certification.issuedAt.getUTCFullYear()),
    issueMonth: String(certification.issuedAt.getUTCMonth() + 1),
    certUrl: certification.certUrl,
    certId: certification.certId,
  });
  return `${LINKEDIN_ADD_TO_PROFILE}?${params}`;
}
