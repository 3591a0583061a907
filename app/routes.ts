// Every URL of the site. The locale is an optional first segment; /api and /locales stay outside it.
import { index, type RouteConfig, route } from "@react-router/dev/routes";

const infoPages = ["help", "safety", "about", "privacy", "terms"] as const;

export default [
  route("api/contact", "routes/api/contact.ts"),
  route("api/*", "routes/api/not-found.ts"),
  route("locales/:lng/:ns", "routes/locales.ts"),
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
    ...infoPages.map((page) => route(page, "routes/info-page.tsx", { id: `info-${page}` })),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
