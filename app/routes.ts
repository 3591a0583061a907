// Every URL of the site. The locale is an optional first segment; /api, /locales and the OAuth
// endpoints (whose URLs are registered with Google) stay outside it.
import { index, type RouteConfig, route } from "@react-router/dev/routes";

const infoPages = ["help", "safety", "about", "privacy", "terms"] as const;

export default [
  route("api/contact", "routes/api/contact.ts"),
  route("api/auth/signup", "routes/api/auth-signup.ts"),
  route("api/auth/login", "routes/api/auth-login.ts"),
  route("api/auth/logout", "routes/api/auth-logout.ts"),
  route("api/auth/me", "routes/api/auth-me.ts"),
  route("api/auth/google", "routes/api/auth-google.ts"),
  route("api/auth", "routes/api/auth-users.ts"),
  route("api/admin/stats", "routes/api/admin-stats.ts"),
  route("api/admin/change-role/:userId", "routes/api/admin-change-role.ts"),
  route("api/admin/charge-wallet/:userId", "routes/api/admin-charge-wallet.ts"),
  route("api/*", "routes/api/not-found.ts"),
  route("locales/:lng/:ns", "routes/locales.ts"),
  route("auth/google", "routes/auth-google.ts"),
  route("auth/google/callback", "routes/auth-google-callback.ts"),
  route(":lang?", "routes/locale-layout.tsx", [
    index("routes/home.tsx"),
    route("about_us", "routes/about-us.tsx"),
    route("services", "routes/services.tsx"),
    route("courses", "routes/courses.tsx"),
    route("courses/:id", "routes/course.tsx"),
    route("portfolio", "routes/portfolio.tsx"),
    route("portfolio/:id", "routes/portfolio-item.tsx"),
    route("blog", "routes/blog.tsx"),
    route("blog/:id", "routes/blog-post.tsx"),
    route("cart", "routes/cart.tsx"),
    route("contact", "routes/contact.tsx"),
    route("faq", "routes/faq.tsx"),
    route("auth/login", "routes/auth-login.tsx"),
    route("auth/signup", "routes/auth-signup.tsx"),
    route("auth/logout", "routes/auth-logout.ts"),
    route("my-enrollments", "routes/my-enrollments.tsx"),
    route("my-favorites", "routes/my-favorites.tsx"),
    route("instructor", "routes/instructor.tsx"),
    route("dashboard/admin", "routes/admin-dashboard.tsx"),
    route("dashboard/admin/users", "routes/admin-users.tsx"),
    ...infoPages.map((page) => route(page, "routes/info-page.tsx", { id: `info-${page}` })),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
