import Foundation
import TallyCore
import TallyServices

/// Tokens and the signed-in user. The user always comes from the credential, never from a body.
extension TallyAPI {
    func issueToken(_ input: Operations.IssueToken.Input) async throws -> Operations.IssueToken.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let (text, token, user) = try await accounts.issueToken(
            name: body.user, password: body.password, tokenName: body.name, address: APIRequest.visitor?.clientAddress,
            code: body.code)
        return .created(
            .init(body: .json(.init(token: text, name: token.name, userId: user.id.text, userName: user.name))))
    }

    func sendSignInCode(_ input: Operations.SendSignInCode.Input) async throws -> Operations.SendSignInCode.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        try await accounts.sendSignInCode(name: body.user)
        return .accepted(.init())
    }

    func getMe(_ input: Operations.GetMe.Input) async throws -> Operations.GetMe.Output {
        let user = try user
        return .ok(.init(body: .json(.init(id: user.id.text, name: user.name, isAdmin: user.isAdmin))))
    }

    func listTokens(_ input: Operations.ListTokens.Input) async throws -> Operations.ListTokens.Output {
        let tokens = try await accounts.tokens(of: try user)
        return .ok(
            .init(
                body: .json(
                    tokens.map { .init(name: $0.name, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt) })))
    }

    func createToken(_ input: Operations.CreateToken.Input) async throws -> Operations.CreateToken.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let user = try user
        let (text, token) = try await accounts.createToken(for: user, name: body.name)
        return .created(
            .init(body: .json(.init(token: text, name: token.name, userId: user.id.text, userName: user.name))))
    }

    func revokeToken(_ input: Operations.RevokeToken.Input) async throws -> Operations.RevokeToken.Output {
        try await accounts.revokeToken(of: try user, name: input.path.name)
        return .noContent(.init())
    }
}
