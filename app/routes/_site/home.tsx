import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Studio | Custom websites and web applications" },
  {
    name: "description",
    content: "We dream, design and develop websites and web apps that work hard for your business.",
  },
];

export default function Home() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-24">
      <h1 className="text-4xl font-bold">Dream. Design. Develop.</h1>
    </main>
  );
}
