// Each api test file creates and migrates its own database: on 2 busy cores a hook or a test
// can pass jest's 5 s default without anything being wrong.
jest.setTimeout(30000);
