// Each api test file creates and migrates its own database: on 2 busy cores a hook or a test
// can pass jest's 5 s default without anything being wrong (a file's set-up took over 30 s
// while the machine built the console and ran the browser tests at once; over 60 s with both
// cores taken by another process besides).
jest.setTimeout(180_000);
