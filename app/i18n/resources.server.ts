// Every translation file, bundled into the server build so rendering never reads the disk.
import arAdmin from "../../locales/ar/admin.json";
import arAnalytics from "../../locales/ar/analytics.json";
import arApidocs from "../../locales/ar/apidocs.json";
import arAuth from "../../locales/ar/auth.json";
import arCatalog from "../../locales/ar/catalog.json";
import arCertificates from "../../locales/ar/certificates.json";
import arCommon from "../../locales/ar/common.json";
import arConsultations from "../../locales/ar/consultations.json";
import arContact from "../../locales/ar/contact.json";
import arEditorial from "../../locales/ar/editorial.json";
import arHome from "../../locales/ar/home.json";
import arInvoices from "../../locales/ar/invoices.json";
import arLeads from "../../locales/ar/leads.json";
import arLearning from "../../locales/ar/learning.json";
import arMail from "../../locales/ar/mail.json";
import arMylearning from "../../locales/ar/mylearning.json";
import arNotifications from "../../locales/ar/notifications.json";
import arOrders from "../../locales/ar/orders.json";
import arPages from "../../locales/ar/pages.json";
import arPayments from "../../locales/ar/payments.json";
import arQa from "../../locales/ar/qa.json";
import arReviews from "../../locales/ar/reviews.json";
import arSite from "../../locales/ar/site.json";
import arStudio from "../../locales/ar/studio.json";
import arVideo from "../../locales/ar/video.json";
import arWallet from "../../locales/ar/wallet.json";
import enAdmin from "../../locales/en/admin.json";
import enAnalytics from "../../locales/en/analytics.json";
import enApidocs from "../../locales/en/apidocs.json";
import enAuth from "../../locales/en/auth.json";
import enCatalog from "../../locales/en/catalog.json";
import enCertificates from "../../locales/en/certificates.json";
import enCommon from "../../locales/en/common.json";
import enConsultations from "../../locales/en/consultations.json";
import enContact from "../../locales/en/contact.json";
import enEditorial from "../../locales/en/editorial.json";
import enHome from "../../locales/en/home.json";
import enInvoices from "../../locales/en/invoices.json";
import enLeads from "../../locales/en/leads.json";
import enLearning from "../../locales/en/learning.json";
import enMail from "../../locales/en/mail.json";
import enMylearning from "../../locales/en/mylearning.json";
import enNotifications from "../../locales/en/notifications.json";
import enOrders from "../../locales/en/orders.json";
import enPages from "../../locales/en/pages.json";
import enPayments from "../../locales/en/payments.json";
import enQa from "../../locales/en/qa.json";
import enReviews from "../../locales/en/reviews.json";
import enSite from "../../locales/en/site.json";
import enStudio from "../../locales/en/studio.json";
import enVideo from "../../locales/en/video.json";
import enWallet from "../../locales/en/wallet.json";
import type { Locale, Namespace } from "./languages";

export const resources: Record<Locale, Record<Namespace, object>> = {
  en: {
    common: enCommon,
    home: enHome,
    pages: enPages,
    catalog: enCatalog,
    contact: enContact,
    auth: enAuth,
    admin: enAdmin,
    studio: enStudio,
    editorial: enEditorial,
    video: enVideo,
    learning: enLearning,
    certificates: enCertificates,
    wallet: enWallet,
    notifications: enNotifications,
    leads: enLeads,
    site: enSite,
    consultations: enConsultations,
    invoices: enInvoices,
    orders: enOrders,
    reviews: enReviews,
    analytics: enAnalytics,
    mail: enMail,
    payments: enPayments,
    apidocs: enApidocs,
    qa: enQa,
    mylearning: enMylearning,
  },
  ar: {
    common: arCommon,
    home: arHome,
    pages: arPages,
    catalog: arCatalog,
    contact: arContact,
    auth: arAuth,
    admin: arAdmin,
    studio: arStudio,
    editorial: arEditorial,
    video: arVideo,
    learning: arLearning,
    certificates: arCertificates,
    wallet: arWallet,
    notifications: arNotifications,
    leads: arLeads,
    site: arSite,
    consultations: arConsultations,
    invoices: arInvoices,
    orders: arOrders,
    reviews: arReviews,
    analytics: arAnalytics,
    mail: arMail,
    payments: arPayments,
    apidocs: arApidocs,
    qa: arQa,
    mylearning: arMylearning,
  },
};
